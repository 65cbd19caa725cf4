import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  // The server sends these .br/.gz siblings as they are, so no request pays for compression.
  plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"] })],
  base: "./",
  resolve: {
    alias: [
      {
        find: /^@moa\/shared$/,
        replacement: fileURLToPath(
          new URL("../shared/src/index.ts", import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Modules run in the order the sources import them even when code splitting puts them in other chunks: the
      // entry's first import switches zod to jitless before any schema is built (main.tsx, lib/zod-jitless.ts).
      output: { strictExecutionOrder: true },
      // Only the components a route imports from a side-effect-free barrel (antd's index, our ui/ and @moa/shared)
      // join the graph, so each route's chunks carry what it uses rather than everything any route uses.
      experimental: { lazyBarrel: true },
    },
  },
});
