import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant extra-fields` (docs/service-decisions.md).
describeCoreSuite({ variants: ['extra-fields'], keychain: 'memory' });
