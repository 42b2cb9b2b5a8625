import { createInterface } from "node:readline";
import { Writable } from "node:stream";

/**
 * Asks a question on the terminal and reads the answer without echoing it (a password):
 * the prompt is written, then what is typed is not.
 */
export const askHidden = (prompt: string): Promise<string> =>
  new Promise((resolve, reject) => {
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        if (!muted) process.stdout.write(chunk);
        done();
      },
    });
    const lines = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
    lines.question(prompt, (answer) => {
      lines.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
    lines.on("SIGINT", () => {
      lines.close();
      reject(new Error("cancelled"));
    });
  });
