import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant strict-scopes` (docs/service-decisions.md).
describeCoreSuite({ variants: ['strict-scopes'], keychain: 'memory' });
