// The bundle-size baseline: React 19 and react-dom rendering one line, nothing else.
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (container) createRoot(container).render(<h1>Hello</h1>);
