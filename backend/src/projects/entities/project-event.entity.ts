import type { ProjectActor, ProjectEventType } from '@studio/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One line of a project's timeline. Append-only: a database trigger refuses UPDATE and DELETE. */
@Entity('project_events')
export class ProjectEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId: string;

  @Column({ type: 'varchar', length: 30 })
  type: ProjectEventType;

  @Column({ type: 'varchar', length: 10 })
  actor: ProjectActor;

  @Column({ name: 'actor_name', type: 'varchar', length: 255, nullable: true })
  actorName: string | null;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'boolean', default: false })
  internal: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
