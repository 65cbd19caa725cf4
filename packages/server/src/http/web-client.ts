/**
 * Serves the built web client. Vite names every file under assets/ by its content hash, so those are cached for a
 * year as immutable; index.html and the other unhashed files are revalidated on every load, so a deploy reaches
 * everyone at their next start. The build writes .br and .gz siblings, sent as they are to clients that accept them.
 */
import fastifyStatic from "@fastify/static";
import type { HttpApp } from "./http-app.js";

const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+$/;

/**
 * Registers the static routes of the built client.
 * @param app the Fastify app.
 * @param root the directory of the built client (with index.html).
 */
export async function registerWebClient(app: HttpApp, root: string) {
  await app.register(fastifyStatic, {
    root,
    index: ["index.html"],
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      void reply.header(
        "cache-control",
        HASHED_ASSET.test(path)
          ? "public, max-age=31536000, immutable"
          : "no-cache",
      );
    },
  });
}
