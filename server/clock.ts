/** Epoch milliseconds now. Injected so tests move time. */
export type Clock = () => number;
