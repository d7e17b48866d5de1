/** A problem in one content file, printed as `file:line: message` (line is 1-based). */
export interface BuildError {
  file: string;
  line: number;
  message: string;
}

export const formatBuildError = (error: BuildError): string =>
  `${error.file}:${error.line}: ${error.message}`;
