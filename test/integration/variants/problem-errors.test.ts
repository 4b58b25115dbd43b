import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant problem-errors` (docs/service-decisions.md).
describeCoreSuite({ variants: ['problem-errors'], keychain: 'memory' });
