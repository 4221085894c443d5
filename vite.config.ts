import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  // Relative asset URLs, so the built files work from any path (a subfolder, file server or preview).
  base: "./",
  plugins: [react()],
  build: { target: "es2022" },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
