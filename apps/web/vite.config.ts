import os from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { runnerImport, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Test files that need modules loaded afresh (see `test.projects`). */
const FRESH_MODULE_TESTS = ['src/lib/i18n.test.ts', 'src/lib/i18n-offline.test.ts', 'src/lib/dates-zone.test.ts', 'src/features/doctor-shares/api/requests.test.ts'];

const sourceRoot = fileURLToPath(new URL('./src', import.meta.url));
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const sharedMessages = fileURLToPath(new URL('../../packages/shared/src/messages/index.ts', import.meta.url));

/**
 * `virtual:shared-messages/<lang>`: one language of @clinic/shared's message catalogue (its `catalogs`), as data.
 * The catalogue's modules keep both languages side by side; evaluating them here means each language's chunk carries
 * only its own texts, and a page never downloads the other language. `<lang>/start` is the part the sign-in page, the
 * shell and the public visit page use; `<lang>/pages` the rest (the forms' checks among them), loaded with the pages.
 */
const PAGE_MESSAGE_GROUPS = new Set([
  'validation', 'exports', 'medications', 'reminders', 'billing', 'prescriptionPrint', 'orders',
  // What only the server sends (e-mails): the web shows none of it, so it never comes at start.
  'invitationEmail', 'webhookDisabledEmail', 'newDeviceEmail',
]);
/**
 * Of the API's answers (`errors`, `success`: a text per code, which the server sends already translated), the few the
 * web says itself when a request fails or succeeds without one, at start; the rest come with the pages, where
 * i18next finds them through its fallback namespace. The whole catalogue at start was about a tenth of the sign-in
 * page's JavaScript.
 */
const START_MESSAGE_KEYS: Record<string, ReadonlySet<string>> = {
  errors: new Set(['network', 'unauthorized', 'forbidden', 'generic', 'unexpected', 'validation', 'fileType', 'fileTooLarge', 'staleRecord', 'invitationInvalid', 'roleInUse', 'billing']),
  success: new Set(['done', 'updated', 'invitationSent']),
};

function messagePart(messages: Record<string, unknown>, part: string | undefined): Record<string, unknown> {
  if (!part) return messages;
  const pages = part === 'pages';
  const out: Record<string, unknown> = {};
  for (const [group, texts] of Object.entries(messages)) {
    const startKeys = START_MESSAGE_KEYS[group];
    if (startKeys) {
      const kept = Object.entries(texts as Record<string, unknown>).filter(([key]) => startKeys.has(key) !== pages);
      if (kept.length) out[group] = Object.fromEntries(kept);
    } else if (PAGE_MESSAGE_GROUPS.has(group) === pages) {
      out[group] = texts;
    }
  }
  return out;
}

function sharedMessagesPerLanguage(): Plugin {
  const prefix = 'virtual:shared-messages/';
  type Catalogue = { catalogs: Record<string, unknown> };
  let catalogue: Promise<{ module: Catalogue; dependencies: string[] }> | null = null;
  let sources = new Set<string>();
  return {
    name: 'clinic:shared-messages-per-language',
    resolveId(source) {
      return source.startsWith(prefix) ? `\0${source}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [lang = '', part] = id.slice(prefix.length + 1).split('/');
      catalogue ??= runnerImport<Catalogue>(sharedMessages);
      const { module, dependencies } = await catalogue;
      sources = new Set([sharedMessages, ...dependencies]);
      for (const file of sources) this.addWatchFile(file);
      const messages = module.catalogs[lang];
      if (!messages) this.error(`@clinic/shared has no messages for "${lang}"`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messagePart(messages as Record<string, unknown>, part)))});`;
    },
    watchChange(file) {
      if (sources.has(file)) catalogue = null;
    },
  };
}

/**
 * Modules that only define things: one none of whose exports is used can be dropped. The shared package (constants,
 * messages, schemas), so the sign-in page does not carry every entity's schema; and the scroll lock Mantine's index
 * re-exports, which only its dialogs and drawers use. Their package.json files do not say so (or not for every file).
 */
function sideEffectFreeModules(): Plugin {
  const pattern = /[\\/]packages[\\/]shared[\\/]src[\\/]|[\\/]node_modules[\\/](react-remove-scroll|use-sidecar)[\\/]/;
  return {
    name: 'clinic:side-effect-free-modules',
    apply: 'build',
    transform: {
      filter: { id: pattern },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

export default defineConfig({
  plugins: [sharedMessagesPerLanguage(), sideEffectFreeModules(), react()],
  resolve: {
    // The shared package is consumed from source, so neither the dev server nor tests need its build.
    alias: { '@clinic/shared': sharedSource, '@': sourceRoot },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Read by the bench script to measure each route's own chunk.
    manifest: true,
    // The public booking page is an entry of its own (book.html): it never loads the staff app's shell.
    rollupOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), book: fileURLToPath(new URL('./book.html', import.meta.url)) },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Room for Testing Library's 5 s wait (src/test/setup.ts) inside a test that waits more than once.
    testTimeout: 15_000,
    // One test file per core (Vitest's default leaves one core to its main process, which has little to do).
    maxWorkers: os.availableParallelism(),
    projects: [
      // A worker runs its files one after another in one module graph (the app's modules, i18n's texts and jsdom
      // are loaded once per worker, not once per file); Testing Library's clean-up and the set-up file's afterEach
      // put back what a test changes.
      { extends: true, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: FRESH_MODULE_TESTS, isolate: false } },
      // Files that test how modules start (the language loaded at start, the browser's zone) or replace a module
      // (vi.mock) get a process and a module graph of their own.
      { extends: true, test: { name: 'web-fresh', include: FRESH_MODULE_TESTS } },
    ],
  },
});
