import { Injectable, PipeTransform } from '@nestjs/common';
import { badRequest } from '../errors/app.exception';

const PG_INT_MAX = 2_147_483_647;

/** A numeric id from the path; anything else (or beyond the column's range) is a clear 400. */
@Injectable()
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > PG_INT_MAX)
      throw badRequest('The id in the address must be a positive whole number.', 'INVALID_ID');
    return id;
  }
}
