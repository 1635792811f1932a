import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Loaders receive the plain load context built in server/context.ts.
    v8_middleware: false,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
