// The main wallet's kind, without the wallet schemas (zod classic): the first page's transfer
// wiring reads it (issue 12); wallet.ts re-exports it.

/** 'main' or a game vendor's code (its vassalage), one wallet each per member and currency. */
export const mainWalletKind = 'main';
