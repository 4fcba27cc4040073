import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// `react-router build` refuses to run without its Vite plugin; nothing else is configured.
export default defineConfig({ plugins: [reactRouter()] })
