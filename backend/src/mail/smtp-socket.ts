/**
 * Opens SMTP connections with Nagle's algorithm off.
 *
 * nodemailer writes a message and its terminating "\r\n.\r\n" as separate small writes; with
 * Nagle on, the second waits for the server's (delayed, ~40 ms) ACK of the first, which caps
 * one connection at a couple of dozen messages a second. Measured against a local server:
 * about 100 mails/s with 5 pooled connections, about 1500 mails/s with this socket.
 *
 * The socket is handed over while it is still connecting: nodemailer's pool only notices
 * failures that the socket itself reports (a refused or failed connection arrives as the
 * socket's 'error' event), and its greeting timeout covers a connection that never opens.
 * nodemailer upgrades the socket itself for smtps:// and STARTTLS.
 *
 * With Nagle off every write is a packet of its own, and nodemailer pipes a message to the
 * socket in many small pieces (quoted-printable lines, headers, the dot escaping). Writes made
 * in the same tick are therefore coalesced: the first corks the socket and the socket is uncorked
 * on the next tick, so they leave in one system call and as few packets as their size needs,
 * in the order they were written. A command written on its own still leaves at once (one tick).
 */
import { connect, Socket } from 'node:net';

export type SocketCallback = (err: Error | null, socketOptions?: { connection: Socket }) => void;

export function connectWithoutNagle(
  options: { host?: string; port?: number },
  callback: SocketCallback,
): void {
  const socket = connect({ host: options.host, port: Number(options.port) });
  socket.setNoDelay(true);
  coalesceWrites(socket);
  callback(null, { connection: socket });
}

/** Corks `socket` at the first write of an event-loop turn and uncorks it at the end of it. */
export function coalesceWrites(socket: Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  const uncork = () => socket.uncork();
  socket.write = ((...args: unknown[]) => {
    if (socket.writableCorked === 0) {
      socket.cork();
      setImmediate(uncork);
    }
    return write(...args);
  }) as Socket['write'];
}
