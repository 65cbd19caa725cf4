/**
 * An image file's thumbnail for the message list, loaded only once the message scrolls into view: the thumbnail
 * endpoint needs the access token, so it is fetched and shown through an object URL (revoked on unmount).
 */
import { useEffect, useState, type RefObject } from "react";
import { authorizedFetch } from "../../../api/authorized-fetch";
import {
  isRefusedResponse,
  withAccessToken,
  type TokenSource,
} from "./access-token";

function useInView(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [seen, setSeen] = useState(false);
  // Without IntersectionObserver (old engines, tests) every thumbnail counts as visible.
  const canObserve = typeof IntersectionObserver !== "undefined";
  useEffect(() => {
    const el = ref.current;
    if (!enabled || seen || !canObserve || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [ref, enabled, seen, canObserve]);
  return enabled && (seen || !canObserve);
}

/**
 * The thumbnail's object URL.
 * @param path - the thumbnail's path on this server ("" when the file has none); never a URL from a message.
 * @param ref - the element whose visibility starts the load.
 * @param enabled - false for expired files (the server no longer has them).
 * @returns the URL to show, or null (not loaded, none, or failed: the file icon stays).
 */
export function useThumbnail(
  path: string,
  ref: RefObject<Element | null>,
  enabled: boolean,
  tokens: TokenSource,
): string | null {
  const visible = useInView(ref, enabled && path !== "");
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!visible || !path) return;
    const loaded: { live: boolean; url: string | null } = {
      live: true,
      url: null,
    };
    void (async () => {
      try {
        const blob = await withAccessToken(tokens, async (token) => {
          const res = await authorizedFetch(path, token);
          if (await isRefusedResponse(res)) return { refused: true };
          if (!res.ok) throw new Error(`thumbnail HTTP ${String(res.status)}`);
          return { refused: false, value: await res.blob() };
        });
        if (!loaded.live) return;
        loaded.url = URL.createObjectURL(blob);
        setUrl(loaded.url);
      } catch {
        // The icon stays; the file itself can still be downloaded.
      }
    })();
    return () => {
      loaded.live = false;
      if (loaded.url) URL.revokeObjectURL(loaded.url);
      setUrl(null);
    };
  }, [visible, path, tokens]);
  return url;
}
