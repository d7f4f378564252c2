// The layers of src/ and the boundaries between them, checked by `npm run lint` (docs/decisions/0009-layers.md).
// Type-only imports count: a cycle through types is still two modules that cannot be read apart.

/** Client folders that are features: each is a part of the app a guest or the owner uses, and none uses another. */
const CLIENT_FEATURES = '(admin|reservations|settings|pages)';
/** Client folders every feature may use; they use no feature. */
const CLIENT_SHARED = '(api|auth|components|layout|reservation-ui)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others, type imports included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment:
        'A client feature does not import another: what two features share goes in a shared folder ' +
        '(reservation-ui for the reservation screens, components for the rest).',
      from: { path: `^src/client/${CLIENT_FEATURES}/` },
      to: { path: `^src/client/${CLIENT_FEATURES}/`, pathNot: '^src/client/$1/' },
    },
    {
      name: 'no-shared-to-feature',
      severity: 'error',
      comment: 'The shared client folders are below the features: they import none of them.',
      from: { path: `^src/client/${CLIENT_SHARED}/` },
      to: { path: `^src/client/${CLIENT_FEATURES}/` },
    },
    {
      name: 'client-takes-only-the-api-types-from-the-server',
      severity: 'error',
      comment: 'The browser gets the API routes type from src/server/app.ts and nothing else of the server.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/', pathNot: '^src/server/app\\.ts$' },
    },
    {
      name: 'client-imports-the-api-as-a-type',
      severity: 'error',
      comment: 'Only `import type { ApiRoutes }`: server code must never reach the browser bundle.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/app\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'rules-and-contract-stay-pure',
      severity: 'error',
      comment: 'src/booking and src/shared run on both sides: they import neither the client nor the server.',
      from: { path: '^src/(booking|shared)/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'no-node-in-the-browser',
      severity: 'error',
      comment: 'Code that runs in the browser (client, booking rules, shared contract) uses no Node built-in.',
      from: { path: '^src/(client|booking|shared)/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-does-not-import-the-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    // Count `import type` as a dependency (cycles through types are cycles).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
