/** The time source every service takes, so tests can move time; `systemClock` in production. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
