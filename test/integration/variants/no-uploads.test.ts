import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant no-uploads` (docs/service-decisions.md).
describeCoreSuite({ variants: ['no-uploads'], keychain: 'memory' });
