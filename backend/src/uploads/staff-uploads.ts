/**
 * Staff uploads through the same tus endpoint as clients' (versions and final files), handed
 * to whoever registers as their handler: the reviews module, which this module must not import
 * (it builds on uploads, not the other way round).
 *
 * An upload is a staff upload when its creation names a `target` in its metadata; from then on
 * every request for it must come from an admin (a staff bearer token or the staff session
 * cookie), and a client's session never reaches it (nor staff a client's upload).
 */
import { Injectable } from '@nestjs/common';

export const STAFF_UPLOAD_TARGETS = ['version', 'final'] as const;
export type StaffUploadTarget = (typeof STAFF_UPLOAD_TARGETS)[number];

export interface StaffUpload {
  id: string;
  projectId: string;
  target: StaffUploadTarget;
  /** The file's name as shown (sanitised). */
  name: string;
  size: number;
  /** Version kind (mix, master, alternate) when the target is a version. */
  kind?: string;
  note?: string;
}

export interface StaffUploadHandler {
  /** Before a byte is stored: throws an AppException (404, 409, 413, 400) when it may not start. */
  start(upload: StaffUpload): Promise<void>;
  /** The whole file is stored under `upload.id`: make it a version or a final file, or throw (415). */
  finish(upload: StaffUpload, staffName: string): Promise<void>;
}

@Injectable()
export class StaffUploads {
  private handler: StaffUploadHandler | null = null;

  register(handler: StaffUploadHandler): void {
    this.handler = handler;
  }

  /** The registered handler; none means staff uploads are not served by this instance. */
  get(): StaffUploadHandler | null {
    return this.handler;
  }
}
