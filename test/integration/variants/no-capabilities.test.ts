import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant no-capabilities` (docs/service-decisions.md).
describeCoreSuite({ variants: ['no-capabilities'], keychain: 'memory' });
