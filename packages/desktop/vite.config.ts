/** Bundles main and preload to CommonJS (sandboxed preloads must be CJS); electron and Node built-ins stay external. */
import { builtinModules } from "node:module";
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    ssr: true,
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      input: { main: "src/main/main.ts", preload: "src/preload/preload.ts" },
      external: [
        "electron",
        ...builtinModules,
        ...builtinModules.map((m) => `node:${m}`),
      ],
      output: { format: "cjs", entryFileNames: "[name].cjs" },
    },
  },
});
