// The rooming and pointage constants the screens need (paths, the exports' list, the longest period), free of any
// schema library: rooming.ts re-exports them beside the schemas.

/** Paths under /api: the spec's spelling (§7), plus the pointage list the spec leaves open. */
export const ROOMING_PATHS = {
  etab: '/reservationsRoomingEtab',
  client: '/reservationsRoomingClient',
  pens: '/reservationsRoomingPens',
  /** POST: a page of stays with their nights in a window (the three pointage screens). Not named by the spec. */
  pointageNuitees: '/reservations/pointage_nuitees',
  /** POST /reservations/send_Pdf_Rooming/:etablissement_id/:mois */
  sendPdfRooming: '/reservations/send_Pdf_Rooming',
} as const;

/** Longest rooming period: one year of nights. */
export const ROOMING_MAX_JOURS = 366;

/**
 * The twelve exports of issue 11: POST with `body` (RoomingExportBody or PointageExportBody), answer = the file,
 * named `<name>-YYYY-MM-DD.<extension>` (Content-Disposition).
 */
export const ROOMING_EXPORTS = {
  pdfPointagePaf: {
    path: '/reservations/generate_Pdf_PointagePaf',
    extension: 'pdf',
    body: 'pointage',
    label: 'PDF',
  },
  pdfPointageCaf: {
    path: '/reservations/generate_Pdf_PointageCaf',
    extension: 'pdf',
    body: 'pointage',
    label: 'PDF',
  },
  pdfPointagePres: {
    path: '/reservations/generate_Pdf_PointagePres',
    extension: 'pdf',
    body: 'pointage',
    label: 'PDF',
  },
  pdfRoomingClient: {
    path: '/reservations/generate_Pdf_RoomingClient',
    extension: 'pdf',
    body: 'rooming',
    label: 'PDF',
  },
  pdfRoomingEtab: {
    path: '/reservations/generate_Pdf_RoomingEtab',
    extension: 'pdf',
    body: 'rooming',
    label: 'PDF',
  },
  pdfRoomingPens: {
    path: '/reservations/generate_Pdf_RoomingPens',
    extension: 'pdf',
    body: 'rooming',
    label: 'PDF',
  },
  excelRoomingEtab: {
    path: '/reservations/generate_exel_RoomingEtab',
    extension: 'xlsx',
    body: 'rooming',
    label: 'Excel',
  },
  excelRoomingClient: {
    path: '/reservations/generate_exel_RoomingClient',
    extension: 'xlsx',
    body: 'rooming',
    label: 'Excel',
  },
  excelPointagePres: {
    path: '/reservations/generate_exel_PointagePres',
    extension: 'xlsx',
    body: 'pointage',
    label: 'Excel',
  },
  excelRoomingPens: {
    path: '/reservations/generate_exel_RoomingPens',
    extension: 'xlsx',
    body: 'rooming',
    label: 'Excel',
  },
  excelPointagePaf: {
    path: '/reservations/generate_exel_PointagePaf',
    extension: 'xlsx',
    body: 'pointage',
    label: 'Excel',
  },
  excelPointageCaf: {
    path: '/reservations/generate_exel_PointageCaf',
    extension: 'xlsx',
    body: 'pointage',
    label: 'Excel',
  },
} as const;
