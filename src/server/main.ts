import module from 'node:module';

// Node keeps compiled (and type-stripped) modules on disk, so later starts skip compiling the
// server's few hundred modules. Enabled before the app's imports, which are therefore dynamic.
module.enableCompileCache?.();
const { loadConfig } = await import('./config.ts');
const { buildApp } = await import('./app.ts');

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
console.log(`Site running at http://${shownHost}:${config.port}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    // Closing the app runs its onClose hooks, which close the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
}
