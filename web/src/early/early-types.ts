/** My QR's list as the early script received it, before the app checks it against the contract. */
export type EarlyAnswer = {
  body: unknown;
  etag: string | null;
  /** Each listed QR image by its address, as a `data:` address once it has come. */
  images: Record<string, Promise<string>>;
};

/** What the early script leaves for My QR: for whom it asked, and the answer on its way. */
export type EarlyMyQr = { username: string; answer: Promise<EarlyAnswer> };

/** GETs the early script sent for the app, by path, signed with `initData`; each taken once. */
export type EarlyGets = { initData: string; responses: Record<string, Promise<Response>> };

declare global {
  interface Window {
    __earlyMyQr?: EarlyMyQr;
    __earlyGets?: EarlyGets;
  }
}
