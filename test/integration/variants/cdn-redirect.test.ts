import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant cdn-redirect` (docs/service-decisions.md).
describeCoreSuite({ variants: ['cdn-redirect'], keychain: 'memory' });
