import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant minimal-accept` (docs/service-decisions.md).
describeCoreSuite({ variants: ['minimal-accept'], keychain: 'memory' });
