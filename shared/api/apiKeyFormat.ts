import { LIMITS } from './limits.ts';

// spec 2.1
export const API_KEY_PATTERN = new RegExp(`^sk_live_[0-9a-f]{${LIMITS.apiKeyHexLength}}$`);
