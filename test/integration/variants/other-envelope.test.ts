import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant other-envelope` (docs/service-decisions.md).
describeCoreSuite({ variants: ['other-envelope'], keychain: 'memory' });
