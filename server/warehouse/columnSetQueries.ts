export interface ColumnSetRecord {
  readonly id: number;
  readonly name: string;
  /** Metric names as saved. */
  readonly columns: ReadonlyArray<string>;
}

export interface UserColumnSets {
  readonly sets: ReadonlyArray<ColumnSetRecord>;
  /** The favourite set's id; 0 (the built-in default set) when none is chosen. */
  readonly favourite: number;
}

/** Column sets, per user. */
export interface ColumnSetQueries {
  /** The user's sets, oldest first, and their favourite. */
  ofUser(userId: number): Promise<UserColumnSets>;
  /** Answers the new id, or "duplicate" when the user already has a set of that name (trimmed, any case). */
  add(userId: number, name: string, columns: ReadonlyArray<string>, at: number): Promise<number | "duplicate">;
  /** False when the user has no such set; deleting the favourite makes 0 the favourite. */
  remove(userId: number, id: number): Promise<boolean>;
  /** False when `id` is neither 0 nor one of the user's sets. */
  setFavourite(userId: number, id: number): Promise<boolean>;
}
