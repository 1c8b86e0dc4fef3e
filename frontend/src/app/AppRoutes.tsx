import { Navigate, Route, Routes } from 'react-router-dom';
import { PATHS } from '../shared/routes';
import { RedirectIfSignedIn } from './guards/RedirectIfSignedIn';
import { RequireRole } from './guards/RequireRole';
import { UnknownPathRedirect } from './guards/UnknownPathRedirect';
import { AppShell } from './layouts/AppShell';
import { BareLayout } from './layouts/BareLayout';
import { PublicLayout } from './layouts/PublicLayout';
import * as Pages from './pages';

/**
 * The route table of spec §2, plus the admin routes of the second document. Paths match
 * case-insensitively; any other path redirects by role. Every screen is a lazily loaded chunk.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<PublicLayout />}>
          <Route index element={<Pages.LandingPage />} />
          <Route path={PATHS.about} element={<Pages.AboutPage />} />
          <Route element={<RedirectIfSignedIn />}>
            {/* Both spellings of the sign-in path are in use. */}
            <Route path={PATHS.signIn} element={<Pages.SignInPage />} />
            <Route path={PATHS.signInAlt} element={<Pages.SignInPage />} />
            <Route path={PATHS.forgotPassword} element={<Pages.ForgotPasswordPage />} />
          </Route>
          <Route path={PATHS.verifyEmail} element={<Pages.VerifyEmailPage />} />
          {/* Opened from the reset mail, whoever is signed in in this browser. */}
          <Route path={PATHS.resetPassword} element={<Pages.ResetPasswordPage />} />
          <Route path={PATHS.submitExperience} element={<Pages.SubmitExperiencePage />} />
          {/* Guarded inside the page: visitors get the public variant, signed-in users need admin/staff (docs/decisions.md). */}
          <Route path={PATHS.postJob} element={<Pages.PostJobPage />} />
          <Route path={PATHS.placements} element={<Pages.PlacementsPage />} />
        </Route>

        {/* The footer's quick links; the spec shows no screens behind them, so they lead to the matching place. */}
        <Route path={PATHS.jobs} element={<Navigate to={PATHS.jobListings} replace />} />
        <Route path={PATHS.faq} element={<Navigate to={`${PATHS.home}#faq`} replace />} />
        <Route path={PATHS.contact} element={<Navigate to={`${PATHS.home}#contact`} replace />} />

        <Route element={<RequireRole allow={Pages.STUDENT_ROLES} />}>
          <Route element={<Pages.StudentLayout />}>
            <Route path={PATHS.studentDetails} element={<Pages.StudentDetailsPage />} />
            <Route path={PATHS.dashboard} element={<Pages.DashboardPage />} />
            <Route path={PATHS.profile} element={<Pages.ProfilePage />} />
            <Route path={PATHS.jobListings} element={<Pages.JobListingsPage />} />
            <Route path={PATHS.myApplications} element={<Pages.MyApplicationsPage />} />
            <Route path={PATHS.trainings} element={<Pages.TrainingsPage />} />
            <Route path={PATHS.interviewInsights} element={<Pages.InterviewInsightsPage />} />
            <Route path={PATHS.resumeInsights} element={<Pages.ResumeInsightsPage />} />
          </Route>
        </Route>

        <Route element={<RequireRole allow={Pages.PANEL_ROLES} />}>
          <Route element={<BareLayout />}>
            <Route path={PATHS.adminPanel} element={<Pages.AdminPanelPage />} />
            <Route path={PATHS.adminExperiences} element={<Pages.AdminInterviewExperiencesPage />} />
          </Route>
        </Route>

        {/* /admin-mgmnt and /admin-applications are link targets only (second document): they land here too. */}
        <Route path="*" element={<UnknownPathRedirect />} />
      </Route>
    </Routes>
  );
}
