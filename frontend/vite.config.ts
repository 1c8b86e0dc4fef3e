import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const apiPaths = ['/api', '/applications', '/profile/user', '/uploads', '/ats'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: gateway, changeOrigin: true }])),
  },
  build: { outDir: 'dist', sourcemap: true },
});
