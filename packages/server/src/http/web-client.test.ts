/** How the built client reaches a browser: precompressed files as they are, hashed assets cached for good. */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/index.js";

type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("web client files", () => {
  const script = `console.log(${JSON.stringify("모아 ".repeat(500))});`;
  const html =
    "<!doctype html><title>Moa</title><script type=module src=./assets/index-Ab12Cd34.js></script>";
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "moa-web-dist-"));
    await mkdir(join(dir, "assets"));
    const asset = join(dir, "assets", "index-Ab12Cd34.js");
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script));
    await writeFile(join(dir, "index.html"), html);
    await writeFile(join(dir, "index.html.gz"), gzipSync(html));
    server = await createTestServer({ WEB_DIST_DIR: dir });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("sends a hashed asset brotli-compressed to a browser that accepts it, cached as immutable", async () => {
    const res = await rawGet(
      `${server.url}/assets/index-Ab12Cd34.js`,
      "gzip, deflate, br",
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("falls back to gzip, then to the plain file, by what the client accepts", async () => {
    const gz = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("makes the browser revalidate index.html, so a deploy reaches everyone at their next start", async () => {
    const res = await rawGet(`${server.url}/`, "gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});
