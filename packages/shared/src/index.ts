/** @moa/shared — the spec's rules once, as pure code used by server, web and desktop. */
export {};
