import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('media')
export class MediaEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Random, generated on upload; the name under UPLOAD_DIR and in /uploads/{fileName}. */
  @Column({ name: 'file_name', length: 255, unique: true })
  fileName: string;

  /** The MIME type detected from the file's content. */
  @Column({ name: 'file_type', length: 50 })
  fileType: string;

  /** The public path, /uploads/{fileName}; where the file sits on disk is the server's business. */
  @Column({ name: 'file_path', length: 500 })
  filePath: string;

  @Column({ name: 'file_size', type: 'integer' })
  fileSize: number;

  @Column({ name: 'alt_text', type: 'varchar', length: 255, nullable: true })
  altText: string | null;

  @Column({ type: 'text', nullable: true })
  caption: string | null;

  @Column({ name: 'uploaded_by_id', type: 'integer', nullable: true })
  uploadedById: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
