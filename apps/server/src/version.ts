// The product version: the root package.json version, sent in the `version` header of every response.
import rootPackage from '../../../package.json' with { type: 'json' };

export const APP_VERSION: string = rootPackage.version;
