/**
 * What other parts of the server may use of the seamless wallet (decorated as `app.seamless`):
 * the secret a provider signs with, so the built-in provider, served by this server, can call
 * the API over signed HTTP like any outside provider.
 */
export type SeamlessPort = {
  providerSecret(code: string): Promise<string | undefined>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The seamless wallet's port (registered by `seamlessGames`). */
    seamless: SeamlessPort;
  }
}

export { builtinProviderCode } from './providers.service.ts';
export type { GameLookup, LaunchableGame } from './launch.service.ts';
