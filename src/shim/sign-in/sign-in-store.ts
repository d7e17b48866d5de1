// The sign-in for one endpoint, kept in one JSON file that only its owner can read: the client's
// registration, the Praxis-issued tokens, and the OAuth discovery state (plus, while a sign-in
// is under way, its PKCE verifier). Written whole to a temporary file (mode 0600) and renamed
// over the old one, so a reader never sees half a file; the directory is 0700. A file that
// others could read, or that is not ours, is not used: signing in again replaces it.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import * as z from 'zod';
import { PraxisError } from '../../shared/praxis-error.ts';

export interface SignInRecord {
  /** The endpoint this sign-in is for (origin and path). */
  endpoint: string;
  clientInformation?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  codeVerifier?: string;
  discoveryState?: OAuthDiscoveryState;
  /** When the endpoint last refused to renew the tokens (which were then deleted). */
  tokensRefusedAt?: string;
}

/** The file exists but cannot be used; the message says why, for the person. */
export class UnusableSignInFile extends PraxisError {
  static override code = 'ERR_SIGN_IN_FILE_UNUSABLE';
  override readonly code = 'ERR_SIGN_IN_FILE_UNUSABLE';
}

export interface SignInStore {
  readonly path: string;
  /** The record, or undefined when there is none; UnusableSignInFile when the file is unsafe or damaged. */
  read(): Promise<SignInRecord | undefined>;
  /** Reads (an unusable or missing file counts as empty), changes and writes the record atomically. */
  update(change: (record: SignInRecord) => SignInRecord): Promise<void>;
  /** Deletes the file; false when there was none. */
  remove(): Promise<boolean>;
}

const recordSchema = z.object({
  endpoint: z.string(),
  clientInformation: z.looseObject({ client_id: z.string() }).optional(),
  tokens: z.looseObject({ access_token: z.string(), token_type: z.string() }).optional(),
  codeVerifier: z.string().optional(),
  discoveryState: z.looseObject({ authorizationServerUrl: z.string() }).optional(),
  tokensRefusedAt: z.string().optional(),
});

export function signInStore(path: string, endpoint: string): SignInStore {
  async function read(): Promise<SignInRecord | undefined> {
    let text: string;
    try {
      await checkPrivate(path);
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UnusableSignInFile(`${path} is not valid JSON`);
    }
    const record = recordSchema.safeParse(parsed);
    if (!record.success) throw new UnusableSignInFile(`${path} does not hold a Praxis sign-in`);
    if (record.data.endpoint !== endpoint)
      throw new UnusableSignInFile(`${path} holds the sign-in for another endpoint`);
    return record.data as SignInRecord;
  }

  return {
    path,
    read,
    async update(change) {
      const current = await read().catch((error: unknown) => {
        if (error instanceof UnusableSignInFile) return undefined;
        throw error;
      });
      await writePrivately(path, `${JSON.stringify(change(current ?? { endpoint }), null, 2)}\n`);
    },
    async remove() {
      try {
        await rm(path);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}

async function checkPrivate(path: string): Promise<void> {
  const info = await stat(path);
  if (process.platform === 'win32') return;
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
    throw new UnusableSignInFile(`${path} belongs to another user`);
  }
  if ((info.mode & 0o077) !== 0) {
    throw new UnusableSignInFile(
      `${path} can be read or changed by other users (mode ${(info.mode & 0o777).toString(8)}, must be 600)`,
    );
  }
}

async function writePrivately(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') await chmod(dir, 0o700);
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.chmod(0o600); // whatever the umask
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
