import { columnVisibilityFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';

/** What the dashboard's tables use of TanStack Table: server-side sorting, hideable columns. */
export const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

/** The row-actions column's id (no list has a column of that name). */
export const ACTIONS_ID = 'actions';
