/** Whether the machine has a network, as the browser (or the desktop shell) reports it. */

/** True when the browser believes it is online. */
export function isNetworkUp(): boolean {
  return navigator.onLine;
}

/**
 * Calls `onChange` whenever the network goes up or down.
 * @returns the unsubscribe function.
 */
export function subscribeNetwork(onChange: (up: boolean) => void): () => void {
  const up = () => {
    onChange(true);
  };
  const down = () => {
    onChange(false);
  };
  window.addEventListener("online", up);
  window.addEventListener("offline", down);
  return () => {
    window.removeEventListener("online", up);
    window.removeEventListener("offline", down);
  };
}
