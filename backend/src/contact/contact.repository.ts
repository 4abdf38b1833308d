/** The back office's queries on `contacts` and `contact_replies`. */
import { Injectable } from '@nestjs/common';
import { LONDON_TZ } from '../common/london-month';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import type { MessageStatus, SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { ContactReplyEntity } from './entities/contact-reply.entity';
import { ContactEntity } from './entities/contact.entity';

export interface MessageFilter {
  search?: string;
  service?: string;
  status?: MessageStatus;
  sort: 'createdAt' | 'name' | 'email';
  order: SortOrder;
}

@Injectable()
export class ContactRepository {
  constructor(
    @InjectRepository(ContactEntity) private readonly contacts: Repository<ContactEntity>,
    @InjectRepository(ContactReplyEntity) private readonly replies: Repository<ContactReplyEntity>,
  ) {}

  /** Messages per week (weeks start on Monday, London time) for the last `weeks` weeks, empty weeks as 0. */
  async weeklyCounts(weeks: number): Promise<{ week: string; count: number }[]> {
    return this.contacts.query(
      `SELECT to_char(w, 'YYYY-MM-DD') AS week, COALESCE(c.count, 0)::int AS count
         FROM generate_series(
                date_trunc('week', now() AT TIME ZONE $1) - make_interval(weeks => $2),
                date_trunc('week', now() AT TIME ZONE $1), interval '1 week') AS w
         LEFT JOIN (SELECT date_trunc('week', created_at AT TIME ZONE $1) AS wk, count(*) AS count
                      FROM contacts GROUP BY 1) c ON c.wk = w
        ORDER BY w`,
      [LONDON_TZ, weeks - 1],
    );
  }

  async list(filter: MessageFilter, page: Page): Promise<[(ContactEntity & { replies: number })[], number]> {
    const qb = this.contacts.createQueryBuilder('c');
    if (filter.search) {
      qb.andWhere('(c.name ILIKE :q OR c.email ILIKE :q OR c.message ILIKE :q)', {
        q: likePattern(filter.search),
      });
    }
    if (filter.service) qb.andWhere('c.service = :service', { service: filter.service });
    if (filter.status) qb.andWhere('c.status = :status', { status: filter.status });
    const total = await qb.getCount();
    const { entities, raw } = await qb
      .addSelect(
        (sub) => sub.select('COUNT(*)::int').from(ContactReplyEntity, 'r').where('r.contact_id = c.id'),
        'replies',
      )
      .orderBy(`c.${filter.sort}`, filter.order === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(page.limit)
      .offset(page.offset)
      .getRawAndEntities<{ replies: number }>();
    return [entities.map((e, i) => Object.assign(e, { replies: raw[i]?.replies ?? 0 })), total];
  }

  /** Stores a visitor's message as it arrived and returns it with its id and time. */
  insert(fields: Pick<ContactEntity, 'name' | 'email' | 'message' | 'service'>): Promise<ContactEntity> {
    return this.contacts.save(this.contacts.create(fields));
  }

  /** Messages received since `since` (the ops dashboard's "this month"). */
  countSince(since: Date): Promise<number> {
    return this.contacts.countBy({ createdAt: MoreThanOrEqual(since) });
  }

  findById(id: number): Promise<ContactEntity | null> {
    return this.contacts.findOneBy({ id });
  }

  /** Marks it read the first time staff open it; later opens keep the first time. */
  async markRead(id: number): Promise<void> {
    await this.contacts
      .createQueryBuilder()
      .update()
      .set({ readAt: () => 'now()' })
      .where('id = :id AND read_at IS NULL', { id })
      .execute();
  }

  async update(id: number, fields: { status?: MessageStatus; readAt?: Date | null }): Promise<void> {
    await this.contacts.update(id, fields);
  }

  /** Every unread message not archived, oldest first (what the dashboard lists). */
  unread(): Promise<ContactEntity[]> {
    return this.contacts
      .createQueryBuilder('c')
      .where('c.readAt IS NULL')
      .andWhere("c.status <> 'archived'")
      .orderBy('c.createdAt', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
  }

  unreadCount(): Promise<number> {
    return this.contacts
      .createQueryBuilder('c')
      .where('c.readAt IS NULL')
      .andWhere("c.status <> 'archived'")
      .getCount();
  }

  /** Records a reply; false when one with the same idempotency key is already on the thread. */
  async insertReply(fields: Omit<ContactReplyEntity, 'id' | 'createdAt'>): Promise<boolean> {
    const res = await this.replies
      .createQueryBuilder()
      .insert()
      .values(fields)
      .orIgnore()
      .returning(['id'])
      .execute();
    return (res.raw as unknown[]).length > 0;
  }

  thread(contactId: number): Promise<ContactReplyEntity[]> {
    return this.replies.find({ where: { contactId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
