import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import type { Plugin } from "vite";

/**
 * antd's form context (imported by every input, button and dialog) needs only rc-form's FormProvider, but takes it
 * from rc-form's index, whose module-level setup keeps the whole form engine and its validator in the first load.
 * Pointing that one import at the module that defines FormProvider leaves the engine to screens that use Form.
 */
function formProviderOnly(): Plugin {
  return {
    name: "moa:form-provider-only",
    enforce: "pre",
    async resolveId(source, importer) {
      if (
        source === "@rc-component/form" &&
        importer?.replaceAll("\\", "/").endsWith("/antd/es/form/context.js")
      )
        return this.resolve("@rc-component/form/es/FormContext", importer);
      return null;
    },
  };
}

export default defineConfig({
  // The server sends these .br/.gz siblings as they are, so no request pays for compression.
  plugins: [
    formProviderOnly(),
    react(),
    compression({ algorithms: ["brotliCompress", "gzip"] }),
  ],
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
      // Only the components a route imports from a side-effect-free barrel (antd's index, our ui/ and @moa/shared)
      // join the graph, so each route's chunks carry what it uses rather than everything any route uses.
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          groups: [
            // The form engine in a chunk of its own: left to itself, the splitter files it with the radio button,
            // and the login screen (which has a radio group, no form) would download it.
            {
              name: "form-engine",
              test: (id) =>
                /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(
                  id,
                ) && !/[\\/]FormContext\.js$/.test(id),
              includeDependenciesRecursively: false,
            },
            // The same for Typography, which the splitter files with the tooltip every window's header needs.
            {
              name: "typography",
              test: /node_modules[\\/]antd[\\/]es[\\/]typography[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
