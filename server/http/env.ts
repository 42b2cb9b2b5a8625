import type { Program } from "../../src/domain/shell/program";
import type { User } from "../../src/domain/shell/user";

/** Routes behind `requireSession`. */
export interface SignedInEnv {
  Variables: {
    user: User;
    /** The digest of the bearer token, to end this session. */
    sessionDigest: string;
  };
}

/** Routes under /programs/{program}/, behind `requireProgramAccess`. */
export interface ProgramEnv {
  Variables: SignedInEnv["Variables"] & {
    program: Program;
  };
}
