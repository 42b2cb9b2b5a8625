import { Effect } from "effect";
import {
  ClassificationSaved,
  LoadedClassification,
  staleClassificationError,
  type Classification,
  type ClassificationSave,
  type ClassificationVersion,
} from "../../domain/classification/classification";
import { classificationSheetHeader, classificationSheetRows } from "../../domain/classification/classificationDraft";
import { ClassificationPreview, type ClassificationPreviewRequest } from "../../domain/classification/classificationPreview";
import { classificationTexts } from "../../domain/classification/classificationTexts";
import { downloadFile, writeWorkbook, type WorkbookWriteFailed } from "../exports";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/**
 * The saved classification of a program and its version (GET
 * programs/{program}/admin/classification; admins only). A 403 is the editor's to handle
 * (it sends the person to / saying so); every other failure opens the app's dialog (401
 * signs out) and the editor offers to try again.
 */
export const loadClassification = (program: string): Effect.Effect<LoadedClassification, HttpError, ApiCall> =>
  request({ segments: ["programs", program, "admin", "classification"], response: LoadedClassification, handles: ["Forbidden"] });

/**
 * Saves the whole tree (POST programs/{program}/admin/classification) with the version the
 * edit started from, and answers the new version. Every failure but a 401 is the editor's:
 * a 409 is a save that someone else's came before (`isStaleSave`), a 403 no access, the
 * rest 'Error: There was an error saving'.
 */
export const saveClassification = (program: string, tree: Classification, version: ClassificationVersion): Effect.Effect<ClassificationSaved, HttpError, ApiCall> => {
  const body: ClassificationSave = { data: tree.data, version };
  return request({
    method: "POST",
    segments: ["programs", program, "admin", "classification"],
    body,
    response: ClassificationSaved,
    handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });
};

/** Whether a failed save was refused because another save came in since the edit's version (409 `stale_classification`). */
export const isStaleSave = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  (error as { _tag?: unknown })._tag === "ClientError" &&
  (error as { status?: unknown }).status === 409 &&
  (error as { code?: unknown }).code === staleClassificationError;

/**
 * How a draft would classify the program's hits of the last 30 days, beside how they are
 * classified now (POST programs/{program}/admin/classification/preview; nothing is stored).
 * Every failure but a 401 is the editor's: its preview says it could not be made.
 */
export const previewClassification = (program: string, tree: Classification): Effect.Effect<ClassificationPreview, HttpError, ApiCall> => {
  const body: ClassificationPreviewRequest = { data: tree.data };
  return request({
    method: "POST",
    segments: ["programs", program, "admin", "classification", "preview"],
    body,
    response: ClassificationPreview,
    handles: ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });
};

/** Classification.xlsx (sheet Classification): the tree's rules and extracts, through the app's xlsx writer (formula-safe). */
export const downloadClassification = (tree: Classification): Effect.Effect<void, WorkbookWriteFailed> =>
  writeWorkbook({ header: classificationSheetHeader, rows: classificationSheetRows(tree), sheetName: classificationTexts.sheetName }).pipe(
    Effect.flatMap((blob) => downloadFile(blob, classificationTexts.fileName)),
  );
