// The layers of src/ and the boundaries between them, checked by `npm run lint` (docs/decisions/0009-layers.md).
// Type-only imports count: a cycle through types is still two modules that cannot be read apart. Every rule holds
// for folders that do not exist yet: a client feature is any folder that is not shared, a server feature any folder
// that is not infrastructure. tests/boundaries/ keeps a probe that breaks each rule (scripts/check-boundaries.mjs).

/** Client folders every feature may use; they use no feature. Any other folder of src/client is a feature. */
const CLIENT_SHARED = '(?:api|auth|components|layout|reservation-ui)';
/** A client feature's folder, captured as $1. */
const CLIENT_FEATURE = `^src/client/(?!${CLIENT_SHARED}/)([^/]+)/`;
/** The server's infrastructure: what every feature builds on. Any other folder of src/server is a feature. */
const SERVER_INFRASTRUCTURE = '(?:http|db|change-feed|book)';
/** npm packages the rules and the contract (both sides, the guest's first load among them) may use. */
const PURE_PACKAGES = '(?:zod|ipaddr\\.js|@date-fns/tz)';

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
      from: { path: CLIENT_FEATURE },
      to: { path: `^src/client/(?!${CLIENT_SHARED}/)[^/]+/`, pathNot: '^src/client/$1/' },
    },
    {
      name: 'no-shared-to-feature',
      severity: 'error',
      comment: 'The shared client folders are below the features: they import none of them.',
      from: { path: `^src/client/${CLIENT_SHARED}/` },
      to: { path: `^src/client/(?!${CLIENT_SHARED}/)[^/]+/` },
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
      name: 'contract-below-rules',
      severity: 'error',
      comment: 'src/shared (types, texts) is below src/booking (rules, request schemas): the rules use it, not back.',
      from: { path: '^src/shared/' },
      to: { path: '^src/booking/' },
    },
    {
      name: 'rules-and-contract-use-few-packages',
      severity: 'error',
      comment: `src/booking and src/shared use only ${PURE_PACKAGES}: each package they take ships to the browser.`,
      from: { path: '^src/(booking|shared)/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'], pathNot: `node_modules/${PURE_PACKAGES}/` },
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
    {
      name: 'infrastructure-imports-no-feature',
      severity: 'error',
      comment:
        `The server's infrastructure (${SERVER_INFRASTRUCTURE}) is below its features: it names what it needs of ` +
        'one as a type of its own, and the composition (server.ts, app.ts) passes the feature in.',
      from: { path: `^src/server/${SERVER_INFRASTRUCTURE}/` },
      to: { path: `^src/server/(?!${SERVER_INFRASTRUCTURE}/)[^/]+/` },
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
