import type { ProbeResult, ProjectFileDto, UploadKind } from '@studio/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A file a client sent; its id is the tus upload id and its storage key, never the client's name. */
@Entity('project_files')
export class ProjectFileEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  /** The client's file name, sanitised; shown only, never used as a path. */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Declared length in bytes (bigint: pg returns it as a string). */
  @Column({ type: 'bigint' })
  size: string;

  /**
   * Bytes the file holds, or may hold once the write in progress ends: what counts against the
   * project's limit (the size once stored; 0 for an upload no byte of which has arrived).
   */
  @Column({ type: 'bigint', default: 0 })
  received: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  kind: UploadKind | null;

  @Column({ type: 'varchar', length: 20, default: 'uploading' })
  status: ProjectFileDto['status'];

  @Column({ type: 'char', length: 64, nullable: true })
  sha256: string | null;

  @Column({ type: 'jsonb', nullable: true })
  probe: ProbeResult | null;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  warnings: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
