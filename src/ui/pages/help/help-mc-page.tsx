import { useTranslation } from 'react-i18next';
import type { HelpCenter } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { CustomerServiceLinks } from '../shared/customer-service.tsx';
import { RemoteState } from '../shared/remote-state.tsx';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import { HelpSearch } from './help-search-panel.tsx';
import '../shared/pages.css';
import './help.css';

/**
 * The self-contained help centre (/helpmc, the member center's and the phone's help): own top
 * bar, the articles with the server's search in the page's language (help-search-panel.tsx).
 */
export default function HelpMcPage() {
  const { t } = useTranslation('pages');
  const view = useRemoteData<HelpCenter>(useSiteShellFlows().helpCenter);
  return (
    <div className="pg pg--standalone pg-helpmc" data-testid="page-helpmc">
      <SlimTopBar withLanguage />
      <div className="pg-standalone__body">
        <div className="pg-intro">
          <h1>{t('helpmc.title')}</h1>
          <p className="pg-muted">{t('helpmc.intro')}</p>
        </div>
        <RemoteState view={view} emptyText={t('help.empty')}>
          {(data) => <HelpSearch sections={data.sections} />}
        </RemoteState>
        <section className="pg-card help-service" aria-labelledby="helpmc-service">
          <h2 id="helpmc-service">{t('help.service.title')}</h2>
          <p className="pg-muted">{t('help.service.text')}</p>
          <CustomerServiceLinks />
        </section>
      </div>
    </div>
  );
}
