import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const DOMAIN_SOURCE = /[\\/]domain[\\/]src[\\/]/;
const apiPaths = ['/api', '/applications', '/profile/user', '/uploads', '/ats'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The domain workspace is pure TypeScript + zod: the frontend bundles its constants and schemas from source.
    alias: { '@placement/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) },
    // domain/ and frontend/ each have their own zod install; ship one copy.
    dedupe: ['zod'],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: gateway, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // The domain package is pure (no module-level side effects), so a screen that needs one constant
      // does not pull in every zod schema of the domain: keeps zod out of the app shell.
      treeshake: { moduleSideEffects: (id: string) => !DOMAIN_SOURCE.test(id) },
    },
  },
});
