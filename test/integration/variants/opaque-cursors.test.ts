import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant opaque-cursors` (docs/service-decisions.md).
describeCoreSuite({ variants: ['opaque-cursors'], keychain: 'memory' });
