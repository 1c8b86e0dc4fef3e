import type { Request, Response } from 'express';
import { USER_EVENT_VERSIONS, commandMessageReplySchema, studentProfileSchema, userDecider, userStreamId, type StudentProfileFields } from '@placement/domain';
import { actorOf, badRequest, IMAGE_TYPES, multipart, validate, type RouteSpec, type UploadedFile } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';
import { filesOf, isUploadKeyIn, pendingUploads, withUploads, type FileRule, type FileToStore } from '../uploads';
import { PROFILE_REPLIES } from './views';

/** The form sends its lists and its education as JSON text inside the multipart body. */
const JSON_TEXT_FIELDS = ['education', 'experience', 'skills', 'certifications'] as const;

/** Most certificates a form may upload at once, beside the resume and the photo. */
const MAX_CERTIFICATION_IMAGES = 30;

const CERTIFICATION_IMAGE_FIELD = /^certificationImage-(0|[1-9]\d*)$/;
const certificationImageField = (index: number) => `certificationImage-${index}`;

/** The multipart fields as the profile schema reads them; a JSON text that does not parse answers 400 naming its field. */
function profileInput(body: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = { ...(body as Record<string, unknown> | undefined) };
  for (const field of JSON_TEXT_FIELDS) {
    const text = input[field];
    if (typeof text !== 'string') continue;
    try {
      input[field] = JSON.parse(text);
    } catch {
      throw badRequest(PROFILE_REPLIES.notJson(field), [{ field, message: PROFILE_REPLIES.notJson(field) }]);
    }
  }
  return input;
}

/** One file per field, and only the fields the form has. */
function singleFiles(files: Map<string, UploadedFile[]>): Map<string, UploadedFile> {
  const single = new Map<string, UploadedFile>();
  for (const [field, uploads] of files) {
    if (field !== 'resume' && field !== 'profilePhoto' && !CERTIFICATION_IMAGE_FIELD.test(field)) {
      throw badRequest(PROFILE_REPLIES.unexpectedFile(field), [{ field, message: PROFILE_REPLIES.unexpectedFile(field) }]);
    }
    if (uploads.length > 1) throw badRequest(PROFILE_REPLIES.oneFilePerField(field), [{ field, message: PROFILE_REPLIES.oneFilePerField(field) }]);
    single.set(field, uploads[0]!);
  }
  return single;
}

const certificationFolderOf = (userId: string) => `profiles/${userId}/certifications`;

/**
 * A kept certification image must be one this student uploaded: exactly a key the upload gives an
 * image in the student's own folder. Otherwise a profile could point at another student's private
 * file (by its key, or by `..` out of its own folder) and have it served as its own.
 */
function refuseForeignImages(profile: StudentProfileFields, certificationFolder: string): void {
  const problems = profile.certifications.flatMap((certification, index) =>
    certification.imageKey !== null && !isUploadKeyIn(certification.imageKey, certificationFolder, IMAGE_TYPES)
      ? [{ field: `certifications.${index}.imageKey`, message: PROFILE_REPLIES.foreignImage }]
      : [],
  );
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
}

export function profileRoutes(deps: CommandApiDeps): RouteSpec[] {
  const resumeRule: FileRule = { types: ['pdf'], maxBytes: deps.env.MAX_RESUME_BYTES, typeMessage: PROFILE_REPLIES.resumeType };
  const imageRule = (typeMessage: string): FileRule => ({ types: IMAGE_TYPES, maxBytes: deps.env.MAX_IMAGE_BYTES, typeMessage });
  const photoRule = imageRule(PROFILE_REPLIES.profilePhotoType);
  const certificationRule = imageRule(PROFILE_REPLIES.certificationImageType);

  /**
   * The files to store, each under the student's own folder. Images of certifications the profile
   * does not keep (switched off, or no such entry) are not stored, just as those entries are not.
   */
  function filesToStore(userId: string, files: Map<string, UploadedFile>, profile: StudentProfileFields): FileToStore[] {
    const resume = files.get('resume');
    const photo = files.get('profilePhoto');
    const certificationImages = profile.certifications.flatMap((_certification, index) => files.get(certificationImageField(index)) ?? []);
    return [
      ...(resume ? [{ file: resume, rule: resumeRule, folder: `profiles/${userId}/resume` }] : []),
      ...(photo ? [{ file: photo, rule: photoRule, folder: `profiles/${userId}/photo` }] : []),
      ...certificationImages.map((file) => ({ file, rule: certificationRule, folder: certificationFolderOf(userId) })),
    ];
  }

  async function updateProfile(req: Request, res: Response) {
    const userId = actorOf(res).id!;
    const profile = validate(studentProfileSchema, profileInput(req.body));
    refuseForeignImages(profile, certificationFolderOf(userId));
    const toStore = filesToStore(userId, singleFiles(filesOf(req)), profile);
    const uploads = await pendingUploads(toStore);
    const keyOf = new Map(toStore.map((entry, index) => [entry.file.fieldname, uploads[index]!.key]));
    const certifications = profile.certifications.map((certification, index) => ({
      ...certification,
      imageKey: keyOf.get(certificationImageField(index)) ?? certification.imageKey,
    }));
    await withUploads(deps.files, uploads, () =>
      execute(deps, res, {
        streamId: userStreamId(userId),
        decider: userDecider,
        versions: USER_EVENT_VERSIONS,
        command: { type: 'UpdateStudentProfile', userId, profile: { ...profile, certifications }, resumeKey: keyOf.get('resume'), profilePhotoKey: keyOf.get('profilePhoto') },
      }),
    );
    res.json({ message: PROFILE_REPLIES.updated, position: positionOf(res) });
  }

  return [
    {
      method: 'post',
      paths: ['/api/profile/update'],
      action: 'profile.update',
      summary: "Update the signed-in student's own profile, with a PDF resume, a photo and certification images",
      tags: ['profile'],
      before: [multipart({ maxFileBytes: Math.max(deps.env.MAX_RESUME_BYTES, deps.env.MAX_IMAGE_BYTES), maxFiles: 2 + MAX_CERTIFICATION_IMAGES })],
      multipart: {
        fields: {
          mobileNo: '10 digits',
          whatsappNo: '10 digits',
          mailId: 'Alternate e-mail (optional)',
          fatherName: "Father's name",
          fatherNumber: '10 digits',
          school: 'SOET, SOMC, SOHS, SOLS, SOED or Other',
          existingBacklogs: 'Whole number, 0 or more',
          areaOfInterest: 'Text',
          hasCertifications: 'true or false',
          readyToRelocate: 'true or false',
          education: 'JSON text: tenth and twelfth {percentage, passingYear}; graduation and masters {degree, percentageOrCGPA, passingYear}',
          experience: 'JSON text: [{hasExperience, organizationName, duration, details}]',
          skills: 'JSON text: [{id, name}], at least one',
          certifications: 'JSON text: [{name, imageKey?}]; imageKey keeps an image uploaded before',
        },
        files: {
          resume: 'PDF only (keeps the stored one when absent)',
          profilePhoto: 'An image (keeps the stored one when absent)',
          'certificationImage-{index}': 'An image for the certification at that index of the list',
        },
      },
      responds: { status: 200, description: 'Saved', schema: commandMessageReplySchema },
      handler: updateProfile,
    },
  ];
}
