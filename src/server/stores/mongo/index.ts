import type { Stores } from '../types';

// Placeholder: the MongoDB implementation is written by the Foundation issue.
export async function createMongoStores(_uri: string, _dbName: string): Promise<Stores> {
  throw new Error('MongoDB stores are not implemented yet');
}
