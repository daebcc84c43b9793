import type { FastifyInstance } from 'fastify';
import { FileAnswer } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** Complaints and suggestions: file, follow up, list, open (marking replies read), pictures. */
export async function opinionRoutes(app: FastifyInstance, services: Services) {
  const { opinions } = services;

  defineCall(app, services, 'blocLegal/opinions/queryOpinionTypes', ({ values, t }) => opinions.types(values.kind, t));

  defineCall(app, services, 'blocLegal/opinions/updateOpinions', ({ user, values, t }) =>
    opinions.update(user, values, t),
  );

  defineCall(app, services, 'blocLegal/opinions/getUserOpinionNum', ({ user }) => opinions.counts(user.customer_id));

  defineCall(app, services, 'blocLegal/opinions/uploadPicture', ({ user, files }) =>
    opinions.uploadPicture(user, files),
  );

  defineCall(app, services, 'blocLegal/opinions/picture', async ({ user, values }) => {
    const picture = await opinions.picture(user, values.pictureId);
    return new FileAnswer(picture.filename, picture.contentType, picture.data, true);
  });

  defineCall(app, services, 'blocLegal/opinions/searchList', ({ user, values, t }) =>
    opinions.list(user.customer_id, values, t),
  );

  defineCall(app, services, 'blocLegal/opinions/searchDetail', ({ user, values, t }) =>
    opinions.detail(user.customer_id, values.opinionNo, true, t),
  );
}
