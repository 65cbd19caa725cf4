/**
 * The file API's access token in a room window: views never hold the session, so the token is asked of the main
 * window each time; a refused token (401, or ExpiredJwt) is renewed by the main window and the call retried once.
 */
import { isExpiredJwt } from "@moa/shared";
import { useCallback } from "react";
import { useBridgeRequest } from "../../../lib/bridge";

/** Gives the current token; with `refused`, a renewed one unless the main window's token changed since. */
export type TokenSource = (refused?: string) => Promise<string>;

/** What a call with a token ended in: a value, or the server refused the token. */
export type TokenCall<T> = { refused: true } | { refused: false; value: T };

/** The server refused the token twice in a row (the session is over or broken). */
export class TokenRefusedError extends Error {
  constructor() {
    super("access token refused");
    this.name = "TokenRefusedError";
  }
}

/** The room window's token source over the bridge. */
export function useAccessToken(): TokenSource {
  const request = useBridgeRequest("session:get-access-token");
  return useCallback(
    async (refused) =>
      (await request(refused === undefined ? {} : { refused })).accessToken,
    [request],
  );
}

/**
 * Runs `call` with the token; when the server refuses it, asks for a renewed token and runs it once more.
 * @returns the call's value.
 * @throws TokenRefusedError when the renewed token is refused too; whatever `call` or the token source throws.
 */
export async function withAccessToken<T>(
  tokens: TokenSource,
  call: (token: string) => Promise<TokenCall<T>>,
): Promise<T> {
  const token = await tokens();
  const first = await call(token);
  if (!first.refused) return first.value;
  const second = await call(await tokens(token));
  if (!second.refused) return second.value;
  throw new TokenRefusedError();
}

/**
 * Tells whether a file API answer refused the token: 401, or the 200 JSON envelope ErrorCode 01 / ExpiredJwt
 * (file bodies are never JSON, so reading a JSON answer costs nothing).
 */
export async function isRefusedResponse(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (!res.ok || !res.headers.get("content-type")?.includes("json"))
    return false;
  const body: unknown = await res.clone().json();
  return typeof body === "object" && body !== null && isExpiredJwt(body);
}
